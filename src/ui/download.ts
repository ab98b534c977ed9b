/**
 * Offers a value as a JSON file download (a game record of Mint, ../replay/localRecords.ts, or of Imperios,
 * ./imperios/localSaves.ts): a Blob behind a temporary link, clicked, then let go.
 */
export function downloadJson(fileName: string, value: unknown): void {
  const blob = new Blob([`${JSON.stringify(value, null, 1)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
