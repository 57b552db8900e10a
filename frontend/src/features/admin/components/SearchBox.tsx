import { useEffect, useState } from "react";

/** The search waits this long after the last key before asking the server. */
export const searchDebounceMs = 300;

/** A search box that reports its text once typing pauses. */
export function SearchBox(props: { label: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState("");
  const { onSearch } = props;
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <input
      type="search"
      className="admin-search"
      placeholder={props.label}
      aria-label={props.label}
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  );
}
