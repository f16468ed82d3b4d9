// Where this module's source is, as the module itself reads it: built into a thread module, still its own.
export const location = {
  url: import.meta.url,
  dirname: import.meta.dirname,
  filename: import.meta.filename,
};
