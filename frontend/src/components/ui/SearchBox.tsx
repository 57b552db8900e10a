import { useEffect, useRef, useState } from "react";

/** A search waits this long after the last key before asking the server. */
export const searchDebounceMs = 300;

/**
 * A search box that reports its text once typing pauses. The text is its
 * own state, so a key redraws the box alone, never the list it searches.
 * `showLabel` writes the label above the box; otherwise it is the box's
 * placeholder and accessible name.
 */
export function SearchBox(props: {
  label: string;
  onSearch: (text: string) => void;
  showLabel?: boolean;
  className?: string;
}) {
  const [text, setText] = useState("");
  // Only a change is reported: the empty box on mount says nothing, or its
  // late report would undo what the list did meanwhile (a page turned).
  const reported = useRef("");
  const { onSearch } = props;
  useEffect(() => {
    if (text === reported.current) return;
    const timer = setTimeout(() => {
      reported.current = text;
      onSearch(text);
    }, searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  const input = (
    <input
      dir="auto"
      type="search"
      className={props.className}
      placeholder={props.showLabel ? undefined : props.label}
      aria-label={props.showLabel ? undefined : props.label}
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  );
  if (!props.showLabel) return input;
  return (
    <label>
      <span>{props.label}</span>
      {input}
    </label>
  );
}
