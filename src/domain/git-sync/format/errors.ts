/** A repository the format cannot map; the message is written for the user and names the file. */
export class GitFormatError extends Error {
  override name = "GitFormatError";
}
