import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from '../lib/i18n/use-translation';

interface SendCodeButtonProps {
  /** Asks the server for a code; answers the seconds until the next may be asked for. */
  onSend: () => Promise<number>;
  /** False while the phone typed is not a valid number yet. */
  canSend: boolean;
  disabled?: boolean;
  id?: string;
  size?: 'middle' | 'large';
}

/**
 * "Send code", then a countdown ("Resend in 59 s") until the server's cooldown is over (60 s). A failed
 * send keeps the button ready; the caller shows the server's words.
 */
export function SendCodeButton({ onSend, canSend, disabled, id, size = 'large' }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [isSending, setIsSending] = useState(false);
  const [hasSent, setHasSent] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  const send = async () => {
    setIsSending(true);
    try {
      setSecondsLeft(await onSend());
      setHasSent(true);
    } catch {
      // The caller reported it.
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Button
      id={id}
      size={size}
      onClick={() => void send()}
      loading={isSending}
      disabled={disabled || !canSend || secondsLeft > 0}
      data-testid="send-code"
      style={{ minWidth: 128 }}
    >
      {secondsLeft > 0
        ? t('smsCode.resendIn', { seconds: secondsLeft })
        : hasSent
          ? t('smsCode.resend')
          : t('smsCode.send')}
    </Button>
  );
}
