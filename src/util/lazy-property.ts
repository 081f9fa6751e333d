/**
 * Defines `key` on `target` as an enumerable property whose value is
 * computed on its first read and then kept as a plain data property (a
 * write replaces it the same way). For `RunMetrics.tableQa`: its exact
 * match, F1 and ROUGE-L of every unit cost milliseconds at the end of each
 * run, while `run` and `show` print them only for runs the table-QA
 * measures apply to. Whoever reads the property (the API, `JSON.stringify`,
 * a spread) gets the value it always had, at the same place among the keys.
 */
export function defineLazyProperty<T extends object, K extends PropertyKey, V>(target: T, key: K, compute: () => V): T & Record<K, V> {
  const settle = (value: V): V => {
    // a frozen object keeps the accessor, which then computes on every read
    if (Object.getOwnPropertyDescriptor(target, key)?.configurable === true) Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
    return value;
  };
  Object.defineProperty(target, key, {
    get: () => settle(compute()),
    set: (value: V) => settle(value),
    enumerable: true,
    configurable: true,
  });
  return target as T & Record<K, V>;
}

