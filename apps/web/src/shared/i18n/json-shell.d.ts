declare module '*.json?shell' {
  const strings: Record<string, unknown>;
  export default strings;
}
