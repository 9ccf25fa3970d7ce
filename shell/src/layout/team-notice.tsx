import { Button, useApiClient, useAuth } from '@clube/platform';
import { useState } from 'react';

/**
 * Tells a technician, on their next visit and on any page, that their laboratory's team ended
 * without them (the manager deleted their account: issue 25), until "Entendi" marks it seen.
 */
export function TeamNotice() {
  const notice = useAuth().profile?.teamNotice;
  return notice ? <Notice message={notice.message} /> : null;
}

function Notice({ message }: { message: string }) {
  const { refreshProfile } = useAuth();
  const api = useApiClient();
  const [busy, setBusy] = useState(false);
  async function dismiss() {
    setBusy(true);
    try {
      await api.delete('/v1/team/notice');
      await refreshProfile();
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="shell-team-notice" role="status">
      <p>{message}</p>
      <Button variant="secondary" loading={busy} onClick={() => void dismiss()}>
        Entendi
      </Button>
    </div>
  );
}
