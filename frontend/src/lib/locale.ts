/**
 * The locale the site writes dates and numbers in, whatever language the
 * browser asks for: the site's words are British English, so its dates are
 * too ("1 Mar 2026", never "Mar 1, 2026" beside them). Every formatter
 * takes it from here.
 */
export const siteLocale = "en-GB";
