/** Any JSON value as indented text (rendered as text: it may hold model output). */
export function JsonView({ value }: { value: unknown }) {
  return <pre className="json">{JSON.stringify(value, null, 2)}</pre>;
}
