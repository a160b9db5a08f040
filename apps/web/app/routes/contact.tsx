import { SiteSection } from '@shop/domain';
import type { Route } from './+types/contact';
import { orFallback } from '../api/client.ts';
import { sectionSlide } from '../lib/section-slide.ts';
import { MailIcon, PhoneIcon, PinIcon } from '../components/icons.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { AreaBanner } from '../components/ui/area-banner.tsx';
import { Breadcrumb } from '../components/ui/breadcrumb.tsx';
import { RichText } from '../components/ui/rich-text.tsx';
import { contactAction } from '../features/contact/contact-action.server.ts';
import { ContactForm } from '../features/contact/contact-form.tsx';
import { seoMeta, type PageSeo } from '../lib/page-seo.ts';
import { PAGE_TITLE } from '../lib/page-titles.ts';
import { breadcrumbLd, jsonLdTexts } from '../lib/structured-data.ts';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, loaderData?.seo, PAGE_TITLE.contact);

/** spec §2 contact page: banner, address / phone / email from settings, the form, the map html. */
export async function loader({ context }: Route.LoaderArgs) {
  const { reads } = context;
  const [settings, slide] = await Promise.all([
    orFallback(reads.systemSettings(), null),
    sectionSlide(reads, SiteSection.ContactUs),
  ]);
  const seo: PageSeo = {
    title: PAGE_TITLE.contact,
    preview: {
      publicUrl: context.publicUrl,
      path: '/contact',
      title: PAGE_TITLE.contact,
      description: [settings?.service_address, settings?.service_phone, settings?.service_email]
        .filter(Boolean)
        .join('｜'),
      image: slide?.pic,
    },
    structuredData: jsonLdTexts(breadcrumbLd(context.publicUrl, [{ name: PAGE_TITLE.contact }], '/contact')),
  };
  return {
    seo,
    banner: {
      title: slide?.title || PAGE_TITLE.contact,
      subtitle: slide?.subtitle ?? 'Contact Us',
      image: slide?.pic ?? '',
    },
    address: settings?.service_address ?? '',
    phone: settings?.service_phone ?? '',
    email: settings?.service_email ?? '',
    // Sanitised by the server: only a Google Maps embed iframe survives (issue 4 §8).
    map: settings?.service_gmap ?? '',
  };
}

/** The form posted without JavaScript (or before hydration). */
export async function action({ request, context }: Route.ActionArgs) {
  return contactAction(request, context);
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { banner, address, phone, email, map } = loaderData;
  return (
    <div className="content-page">
      <AreaBanner title={banner.title} subtitle={banner.subtitle} image={banner.image} />
      <div className="container">
        <Breadcrumb items={[{ title: PAGE_TITLE.contact }]} />
        <div className="contact-layout">
          <section className="contact-info" aria-labelledby="contact-info-title">
            <h2 id="contact-info-title" className="section-title">
              聯絡資訊
            </h2>
            <ul className="contact-info__list">
              {address ? (
                <li>
                  <PinIcon size={20} />
                  <span>
                    <span className="contact-info__label">地址</span>
                    {address}
                  </span>
                </li>
              ) : null}
              {phone ? (
                <li>
                  <PhoneIcon size={20} />
                  <span>
                    <span className="contact-info__label">電話</span>
                    <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
                  </span>
                </li>
              ) : null}
              {email ? (
                <li>
                  <MailIcon size={20} />
                  <span>
                    <span className="contact-info__label">電子郵件</span>
                    <a href={`mailto:${email}`}>{email}</a>
                  </span>
                </li>
              ) : null}
            </ul>
            {map ? <RichText html={map} className="contact-map" /> : null}
          </section>
          <section className="contact-form-card" aria-labelledby="contact-form-title">
            <h2 id="contact-form-title" className="section-title">
              線上留言
            </h2>
            <p className="contact-form-card__intro">對商品或訂單有任何問題，歡迎留言，我們會盡快回覆您。</p>
            <ContactForm serverResult={actionData?.contact ?? null} />
          </section>
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
