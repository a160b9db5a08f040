// The shop's own pages: about pages, terms by brand position, common questions (settings module).
import { apiGet, type ApiFetch } from './client.ts';

export interface AboutPage {
  id: number;
  /** Page section (spec §2): 1 AboutUs, 2 Business, 3 AboutUsIndex. */
  section: number;
  title: string;
  /** Sanitised html. */
  content: string;
  pic: string;
  index_id: number;
  created_at: string;
}

export interface TermsText {
  id: number;
  /** Brand position: 1 Member, 2 Shopping, 3 Terms, 4 Privacy. */
  position: number;
  title: string;
  /** Sanitised html. */
  content: string;
  updated_at: string;
}

export interface CommonQuestion {
  id: number;
  question: string;
  /** Sanitised html. */
  answer: string;
}

export const getAboutPages = (api: ApiFetch) => apiGet<AboutPage[]>(api, '/about');
export const getAboutPage = (api: ApiFetch, id: number) => apiGet<AboutPage>(api, `/about/${id}`);
export const getTermsText = (api: ApiFetch, position: number) =>
  apiGet<TermsText>(api, `/terms-texts-by-position/${position}`);
export const getCommonQuestions = (api: ApiFetch) => apiGet<CommonQuestion[]>(api, '/common-questions');
