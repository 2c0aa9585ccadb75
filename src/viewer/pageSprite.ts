/**
 * One page as the renderer draws it: a container of one sprite per tile of
 * the page's image (pageStore.ts), in image pixels, scaled into the page's
 * rect. With a border crop (Placement.crop) only the part of the image
 * inside the crop is drawn: each tile's sprite shows the piece of its
 * texture inside the crop (a sub-frame of the same GPU texture, nothing
 * uploaded again), so nothing of the border spills over a neighbour.
 */
import { Container, Rectangle, Sprite, Texture } from 'pixi.js';
import type { ImageCrop } from '../../core/viewer/crop';
import type { Camera } from '../../core/viewer/camera';
import type { Layout, Rect } from '../../core/viewer/layout';
import type { DrawnRect } from './session/environment';
import type { PageImage } from './pageImage';

export class PageSprite extends Container {
  /** What the children were built for: tile count and crop. */
  private built = '';
  /** Sub-frame textures made for the crop (their sources belong to PageTextures). */
  private frames: Texture[] = [];

  /** Draws `tex` (the textures of img's tiles made so far) cropped into rect p. */
  draw(img: PageImage, tex: readonly Texture[], p: Rect, crop: ImageCrop | undefined): void {
    const x0 = (crop?.left ?? 0) * img.width;
    const y0 = (crop?.top ?? 0) * img.height;
    const x1 = img.width * (1 - (crop?.right ?? 0));
    const y1 = img.height * (1 - (crop?.bottom ?? 0));
    const key = `${tex.length}:${x0},${y0},${x1},${y1}`;
    if (key !== this.built) {
      this.built = key;
      this.clear();
      tex.forEach((t, k) => {
        const tile = img.tiles[k];
        const ix0 = Math.max(tile.x, x0);
        const iy0 = Math.max(tile.y, y0);
        const ix1 = Math.min(tile.x + tile.w, x1);
        const iy1 = Math.min(tile.y + tile.h, y1);
        if (ix1 <= ix0 || iy1 <= iy0) return;
        const whole = ix0 === tile.x && iy0 === tile.y && ix1 === tile.x + tile.w && iy1 === tile.y + tile.h;
        let shown = t;
        if (!whole) {
          shown = new Texture({ source: t.source, frame: new Rectangle(ix0 - tile.x, iy0 - tile.y, ix1 - ix0, iy1 - iy0) });
          this.frames.push(shown);
        }
        const sp = new Sprite(shown);
        sp.position.set(ix0 - x0, iy0 - y0);
        sp.setSize(ix1 - ix0, iy1 - iy0);
        this.addChild(sp);
      });
    }
    this.position.set(p.x, p.y);
    this.scale.set(p.w / Math.max(1, x1 - x0), p.h / Math.max(1, y1 - y0));
  }

  private clear(): void {
    for (const c of this.removeChildren()) c.destroy();
    for (const f of this.frames) f.destroy(false);
    this.frames = [];
  }

  override destroy(): void {
    this.clear();
    super.destroy({ children: true });
  }
}

/** The screen rects (CSS px) of the items in `shown` under the camera; `image(i)`: page i drawn whole. */
export function screenRects(l: Layout, shown: ReadonlySet<number>, c: Camera, image: (i: number) => boolean): DrawnRect[] {
  return l.placements
    .filter((p) => shown.has(p.item))
    .map((p) => ({
      item: p.item,
      x: (p.x - c.x) * c.scale,
      y: (p.y - c.y) * c.scale,
      w: p.w * c.scale,
      h: p.h * c.scale,
      image: image(p.item),
    }));
}
