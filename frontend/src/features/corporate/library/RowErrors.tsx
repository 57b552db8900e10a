/** A previewed row's problems, each under the column it is about. */
export function RowErrors(props: { errors: [string, string][] }) {
  return (
    <ul>
      {props.errors.map(([column, message]) => (
        <li key={column}>
          <strong>{column}:</strong> {message}
        </li>
      ))}
    </ul>
  );
}
