/** A chapter import's failure, reported as it is (not a crash). */
export class ImportError extends Error {}

/**
 * Bad input of a page source, with the console's problem code
 * (core/console/schemas/common.ts): the console answers it, the CLI prints it.
 */
export class PageProblem extends ImportError {
  constructor(
    readonly code:
      | 'not-an-image'
      | 'empty-file'
      | 'image-too-large'
      | 'animated-image'
      | 'cmyk-image'
      | 'bad-archive'
      | 'encrypted-archive'
      | 'archive-too-large'
      | 'too-many-pages'
      | 'unsafe-path'
      | 'no-pages',
    message: string,
  ) {
    super(message);
  }
}
