/**
 * One prepared statement per shape of a query (which filters, which page), built the first time that shape is
 * asked and then only executed. `build` names the statement from the shape, so every repository of an app (and
 * every pool connection) gives one name one text.
 */
export function perShape<S>(build: (shape: string) => S): (shape: string) => S {
  const made = new Map<string, S>();
  return (shape) => {
    let statement = made.get(shape);
    if (!statement) {
      statement = build(shape);
      made.set(shape, statement);
    }
    return statement;
  };
}
