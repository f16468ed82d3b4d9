/** The document's mark that index.html's static landing may show (staticLanding.tsx sets and reads it). */
export const STATIC_LANDING_ATTRIBUTE = 'data-static-landing';
