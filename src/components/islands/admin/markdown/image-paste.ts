import type { EditorView } from '@codemirror/view';
import { getErrorMessage } from '#lib/client/api.ts';
import { checkImageFile, resizeImage, uploadImage } from '#lib/client/image-upload.ts';

/** A toast the editor raises (and takes back when it closes). */
export type Notify = (t: { title: string; description: string; variant?: 'destructive' }) => void;

let nextUpload = 1;

/** The alt text of an uploaded image: its file name without the extension ('image' for a bare paste). */
function altText(name: string): string {
  return (
    name
      .replace(/\.[a-z0-9]+$/i, '')
      .replace(/[[\]\\]/g, '')
      .trim() || 'image'
  );
}

/**
 * Images pasted, dropped or picked into the body: each is checked and sent like the featured image
 * (the spec's 'Invalid File' / 'File Too Large' checks, resized to 1200 px JPEG 0.8, POST /api/uploads)
 * and lands where it was put as `![name](/api/uploads/<id>)`. Meanwhile a placeholder holds its place;
 * it is found again by its text, since the admin may type while the image uploads.
 */
export async function uploadIntoBody(view: EditorView, files: readonly File[], at: number, notify: Notify): Promise<void> {
  for (const file of files) {
    const problem = checkImageFile(file);
    if (problem) {
      notify({ ...problem, variant: 'destructive' });
      continue;
    }
    const alt = altText(file.name);
    const placeholder = `![Uploading ${alt} #${nextUpload++}...]()`;
    const line = view.state.doc.lineAt(Math.min(at, view.state.doc.length));
    // An image on a line of its own reads as a picture between paragraphs, not inside a sentence.
    const insert = (at > line.from ? '\n\n' : '') + placeholder + '\n';
    view.dispatch({ changes: { from: at, insert }, selection: { anchor: at + insert.length }, userEvent: 'input.paste' });
    at += insert.length;
    let replacement = '';
    try {
      const saved = await uploadImage(await resizeImage(file));
      replacement = `![${alt}](${saved.url})`;
    } catch (error) {
      notify({ title: 'Upload Failed', description: getErrorMessage(error), variant: 'destructive' });
    }
    const from = view.state.doc.toString().indexOf(placeholder);
    if (from < 0) continue; // the admin deleted the placeholder meanwhile: leave the text alone
    const to =
      from +
      placeholder.length +
      (replacement ? 0 : Number(view.state.sliceDoc(from + placeholder.length, from + placeholder.length + 1) === '\n'));
    view.dispatch({ changes: { from, to, insert: replacement }, userEvent: 'input.paste' });
    at = view.state.selection.main.head;
  }
}

/** The files a paste or drop carries (a copied screenshot is one "image.png"); a non-image one gets the spec's "Invalid File". */
export function filesOf(data: DataTransfer | null): File[] {
  return [...(data?.files ?? [])];
}
