import type { ReactNode } from 'react';
import { Breadcrumb } from '../../components/ui/breadcrumb.tsx';

interface AuthPageFrameProps {
  /** The page's heading, also the breadcrumb's last step. */
  title: string;
  titleId: string;
  lead: string;
  /** The sign-up's card is wider (its fields sit two to a row). */
  wide?: boolean;
  children: ReactNode;
}

/** The card the login, sign-up and forgotten-password pages sit in, under 會員中心 in the breadcrumb. */
export function AuthPageFrame({ title, titleId, lead, wide = false, children }: AuthPageFrameProps) {
  return (
    <div className="auth-page">
      <div className="container">
        <Breadcrumb items={[{ title: '會員中心' }, { title }]} />
        <section className={`auth-card${wide ? ' auth-card--wide' : ''}`} aria-labelledby={titleId}>
          <h1 id={titleId} className="auth-card__title">
            {title}
          </h1>
          <p className="auth-card__lead">{lead}</p>
          {children}
        </section>
      </div>
    </div>
  );
}
