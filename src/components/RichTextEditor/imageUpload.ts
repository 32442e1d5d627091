import type { MediaType } from "braft-editor";
import { downloadPath } from "../../../contract/files";
import { uploadFile, UploadError, type UploadOptions } from "../FileUpload/uploadFile";

export type BraftUploadFn = NonNullable<MediaType["uploadFn"]>;
type BraftUploadSuccess = Parameters<Parameters<BraftUploadFn>[0]["success"]>[0];

export interface ImageUploadOptions extends Omit<UploadOptions, "onProgress"> {
  /** Called with the server's reason when there is one, to tell the user. */
  onFailure?: (serverMessage: string | undefined) => void;
}

/** braft's media uploadFn: stores the image through the upload call and inserts its download address. */
export function createImageUploadFn(options: ImageUploadOptions = {}): BraftUploadFn {
  const { onFailure, ...uploadOptions } = options;
  return ({ file, progress, success, error }) => {
    uploadFile(file, { ...uploadOptions, onProgress: progress }).done.then(
      (stored) =>
        // braft's typings ask for video fields too; given, they would be written into the <img>
        // as empty attributes (and meta.id as its DOM id), so an image gets its title and alt only.
        success({ url: downloadPath(stored.id), meta: { title: stored.name, alt: stored.name } } as BraftUploadSuccess),
      (failure: unknown) => {
        const serverMessage = failure instanceof UploadError ? failure.serverMessage : undefined;
        onFailure?.(serverMessage);
        error({ msg: serverMessage ?? "" });
      },
    );
  };
}
