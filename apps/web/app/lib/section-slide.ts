import type { Carousel, StorefrontReads } from '@shop/domain';

/** spec §2 area banner: the first active slide of a site section (SiteSection), or null (also when it fails to load, spec §8). */
export async function sectionSlide(reads: StorefrontReads, section: number): Promise<Carousel | null> {
  try {
    return (await reads.carousels(section))[0] ?? null;
  } catch {
    return null;
  }
}
