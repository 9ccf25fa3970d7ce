import { Card, PageLayout } from '@clube/platform';
import type { ReactNode } from 'react';
import './auth-forms.css';

export interface AuthScreenProps {
  title: string;
  description?: ReactNode;
  /** `wide` for the onboarding form, `narrow` for the short sign-in style forms. */
  width?: 'narrow' | 'wide';
  children: ReactNode;
}

/** The frame every auth page shares: its title and one centred card. */
export function AuthScreen({ title, description, width = 'narrow', children }: AuthScreenProps) {
  return (
    <div className={`auth-screen auth-screen--${width}`}>
      <PageLayout title={title} description={description}>
        <Card>{children}</Card>
      </PageLayout>
    </div>
  );
}
