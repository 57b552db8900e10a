// index.html carries the pre-rendered home page for a fast first paint. On
// any other address that markup must not flash before the app replaces it,
// so it is hidden here (a blocking script, run before the first paint;
// src/main.tsx lifts the mark when it renders).
if (window.location.pathname !== "/") {
  document.documentElement.setAttribute("data-deep-link", "");
}
