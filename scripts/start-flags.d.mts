export function startFlags(): string[];
export function startEnv(): Record<string, string>;
