import type { FaqCategoryData } from '../api/get-faq.ts';

/** Lower case, ё as е, runs of anything but letters and digits as one space: how a player types a word is how it is found. */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a query; a blank query has none. */
export const queryWords = (query: string): string[] => normalizeText(query).split(' ').filter(Boolean);

/**
 * The categories with only the questions whose topic, question or answer holds every word of the query
 * (as the start of a word or inside one: «вывод» finds «выводится»), categories left empty dropped.
 * A blank query keeps everything.
 */
export function filterFaq(categories: readonly FaqCategoryData[], query: string): FaqCategoryData[] {
  const words = queryWords(query);
  if (words.length === 0) return [...categories];
  return categories
    .map((c) => ({
      ...c,
      // A category's title counts for each of its questions: «батлы» lists the whole Battles topic.
      questions: c.questions.filter((q) => {
        const haystack = normalizeText([c.title, q.question, ...q.answer].join(' '));
        return words.every((w) => haystack.includes(w));
      }),
    }))
    .filter((c) => c.questions.length > 0);
}

/** How many questions a list holds. */
export const questionCount = (categories: readonly FaqCategoryData[]): number => categories.reduce((n, c) => n + c.questions.length, 0);

/** The category holding a question id (for /faq#id), or null. */
export const categoryOfQuestion = (categories: readonly FaqCategoryData[], id: string): string | null =>
  categories.find((c) => c.questions.some((q) => q.id === id))?.id ?? null;
