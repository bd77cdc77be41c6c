export function quoteShort(text: string): string;
export function describeValue(value: unknown): string;
export function plural(noun: string): string;
