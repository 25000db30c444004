// The documents' limits, sorts and file-name rules, without zod: the document pages need these, not the
// schemas (issue 48).

/** Limits of documents, document types and folders (spec part 2 §5, §9). */
export const DOCUMENT_LIMITS = {
  titleMax: 200,
  nameMax: 100,
  /** Names and titles in the admin lists are cut here, with '...' (spec §9). */
  listCut: 50,
  /** Titles in the document-type side list are cut here (spec §9)... */
  sideListCut: 80,
  /** ...and get an ellipsis once longer than this. */
  sideListEllipsisOver: 50,
  /** Default largest document file, in bytes; the server's DOCUMENT_MAX_BYTES overrides it. */
  defaultMaxBytes: 50 * 1024 * 1024,
  /** Longest file name kept for display. */
  fileNameMax: 150,
} as const;

/** Extensions shown as an image preview (spec §3, §9). */
export const DOCUMENT_IMAGE_EXTENSIONS = ['png', 'jpg', 'svg', 'ico'] as const;

/** Field messages of the document file upload, as the server sends them and the form translates them. */
export const DOCUMENT_FILE_PROBLEMS = {
  tooLarge: 'fileTooLarge',
  mismatch: 'fileTypeMismatch',
  executable: 'fileTypeRefused',
} as const;

export const DOCUMENT_TYPE_SORTS = ['name', 'createdAt'] as const;

export const DOCUMENT_SORTS = ['title', 'updatedAt'] as const;

/** The folder whose parent would be itself or one of its own subfolders. */
export const FOLDER_CYCLE = 'folderCycle';

/** Cuts a name for a list: at most `max` characters, with '...' when it was longer. */
export const cutName = (name: string, max: number = DOCUMENT_LIMITS.listCut) =>
  name.length > max ? `${name.slice(0, max)}...` : name;

/** A title in the side list: cut at 80, with an ellipsis once longer than 50 (spec §2, §9). */
export const sideListTitle = (title: string) =>
  title.length > DOCUMENT_LIMITS.sideListEllipsisOver ? `${title.slice(0, DOCUMENT_LIMITS.sideListCut)}...` : title;

/** The lower-case extension of a file name, or '' when it has none. */
export const extensionOf = (fileName: string | null | undefined) => {
  const dot = fileName?.lastIndexOf('.') ?? -1;
  return fileName && dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
};

/** Whether a document's file shows as an image preview. */
export const isImageFile = (fileName: string | null | undefined) =>
  (DOCUMENT_IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(fileName));
