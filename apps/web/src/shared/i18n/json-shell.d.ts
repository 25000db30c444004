// The strings files as the shell-strings plugin gives them: merged with the features' own files.
declare module '*.json?shell' {
  const strings: Record<string, unknown>;
  export default strings;
}
declare module '*.json?all' {
  const strings: Record<string, unknown>;
  export default strings;
}
