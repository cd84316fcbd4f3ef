import { describe, expect, it } from 'vitest';
import { telegramView } from '#app/features/daily-cases/components/telegram-link.tsx';

describe('the Telegram row of the daily-case notifications', () => {
  const base = { available: true, linked: false, refused: false };
  it('is hidden while the store has no bot, and before the state is known', () => {
    expect(telegramView(undefined)).toBe('hidden');
    expect(telegramView({ ...base, available: false })).toBe('hidden');
  });
  it('offers to connect, shows a linked chat, and asks to connect again once the bot was blocked', () => {
    expect(telegramView(base)).toBe('connect');
    expect(telegramView({ ...base, linked: true })).toBe('linked');
    expect(telegramView({ ...base, linked: true, refused: true })).toBe('reconnect');
  });
});
