/** An upload that is not an image Atrium accepts; its message says why, for the person who sent it. */
export class ImageRejected extends Error {}
