/** Copies to the clipboard; false when the browser refuses (no permission, insecure origin). */
export function copyText(text: string): Promise<boolean> {
  return (
    navigator.clipboard?.writeText(text).then(
      () => true,
      () => false,
    ) ?? Promise.resolve(false)
  );
}
