// The exact image a model is sent: the frame resized to the adapter's canvas (sharp), as PNG
// bytes for the trace and a data URL for the request.
import sharp from 'sharp'
import type { Frame, Size } from '../core/frame.ts'

/** The largest image an adapter sends by default: a 1920×1080 screen goes at 1280×720. */
export const DEFAULT_CANVAS: Size = { width: 1280, height: 800 }

export interface CanvasImage extends Size {
  png: Uint8Array
  dataUrl: string
}

export async function encodeCanvas(frame: Frame, canvas: Size): Promise<CanvasImage> {
  const same = frame.width === canvas.width && frame.height === canvas.height
  const png = same
    ? frame.png
    : new Uint8Array(await sharp(frame.png).resize(canvas.width, canvas.height, { fit: 'fill', kernel: 'lanczos3' }).png({ compressionLevel: 6 }).toBuffer())
  return { png, ...canvas, dataUrl: `data:image/png;base64,${Buffer.from(png).toString('base64')}` }
}
