/** Upload plumbing of the editor without Relay: the screen that owns the data passes an uploader. */
export type UploadedFile = { fileName: string; downloadUrl: string; size: number };

export class UploadFailed extends Error {}

/** Stores one file and answers its name and link; rejects with UploadFailed and the server's message. */
export type AttachmentUploader = (file: File, onProgress: (fraction: number) => void, fallbackMessage: string) => Promise<UploadedFile>;

/** Reads an image file as a data URL, reporting progress. */
export function readAsDataUrl(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.onload = () => resolve(String(reader.result));
    reader.readAsDataURL(file);
  });
}
