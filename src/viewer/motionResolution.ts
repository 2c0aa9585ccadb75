/**
 * Without a GPU (a software WebGL: SwiftShader, llvmpipe) every pixel of
 * every frame is drawn on the CPU, in the browser's GPU process: a phone
 * canvas at 2 device pixels per CSS pixel costs about four times one at 1,
 * and a frame of moving pages took 80-90 ms there. So, on a software
 * renderer only, the canvas draws at one device pixel per CSS pixel while
 * the pages move, and at its full resolution again once they have rested
 * for REST_FRAMES frames. With a GPU nothing changes.
 */
const REST_FRAMES = 12;

/** Whether the context draws in software (WEBGL_debug_renderer_info's renderer name). */
export function isSoftwareGl(gl: WebGLRenderingContext): boolean {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  return /swiftshader|llvmpipe|softpipe|software/i.test(name);
}

export class MotionResolution {
  private still = 0;
  private current: number;

  constructor(
    private readonly full: number,
    private readonly enabled: boolean,
    private readonly apply: (resolution: number) => void,
  ) {
    this.current = full;
  }

  /** Drawing at less than the full resolution (the pages moved in the last frames). */
  get lowered(): boolean {
    return this.current !== this.full;
  }

  /** One frame, the camera moved or not; true when the frame must be drawn again (full resolution back). */
  frame(moved: boolean): boolean {
    if (!this.enabled || this.full <= 1) return false;
    if (moved) {
      this.still = 0;
      if (this.current !== 1) this.apply((this.current = 1));
      return false;
    }
    if (++this.still < REST_FRAMES || !this.lowered) return false;
    this.apply((this.current = this.full));
    return true;
  }
}
