/** A seed or hash: monospace, broken anywhere so a 64-character hex fits a phone. */
export function SeedValue({ value, testId }: { value: string; testId?: string }) {
  return (
    <code className="pf-hex" data-testid={testId}>
      {value}
    </code>
  );
}
