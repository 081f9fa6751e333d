/**
 * A JSON value with long arrays cut short, for showing stored
 * configurations whose lists grow with the data (question ids, samples):
 * an array longer than `maxItems` keeps its first `maxItems` items and
 * ends with a note of how many were left out.
 */
export function compactJson(value: unknown, maxItems = 50): unknown {
  if (Array.isArray(value)) {
    const kept = value.slice(0, maxItems).map((item) => compactJson(item, maxItems));
    return value.length > maxItems ? [...kept, `… ${value.length - maxItems} more`] : kept;
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, compactJson(item, maxItems)]));
  }
  return value;
}
