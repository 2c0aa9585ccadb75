/**
 * The size, in device pixels, a page's whole image is drawn at: its rect in
 * the layout (world units = CSS px at zoom 1) times the zoom and the
 * canvas's resolution; for a cropped page, the uncropped image's size (the
 * decode worker shrinks the whole image, the crop is cut from it). What the
 * page store asks the decode worker for.
 */
import type { Layout } from '../../../core/viewer/layout';

export function drawnSize(
  layout: Layout | null,
  item: number,
  scale: number,
  resolution: number,
): { width: number; height: number } | undefined {
  const p = layout?.placements.find((q) => q.item === item);
  if (!p || p.w <= 0 || p.h <= 0) return undefined;
  const c = p.crop;
  const k = scale * resolution;
  return {
    width: Math.round((p.w / (1 - (c?.left ?? 0) - (c?.right ?? 0))) * k),
    height: Math.round((p.h / (1 - (c?.top ?? 0) - (c?.bottom ?? 0))) * k),
  };
}
