export function startFlags(): string[];
