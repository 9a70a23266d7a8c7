import { theme } from 'antd';
import { CloseCircleFilled, CheckCircleFilled } from '@ant-design/icons';

/**
 * An error (or success) line above a sign-in form, drawn like antd's Alert without its code: the sign-in
 * page is the first download.
 */
export function FormAlert({ message, type = 'error' }: { message: string; type?: 'error' | 'success' }) {
  const { token } = theme.useToken();
  const isError = type === 'error';
  return (
    <div
      className="login-form-alert"
      role={isError ? 'alert' : 'status'}
      data-testid={isError ? 'login-error' : 'login-notice'}
      style={{
        color: token.colorText,
        background: isError ? token.colorErrorBg : token.colorSuccessBg,
        border: `${token.lineWidth}px solid ${isError ? token.colorErrorBorder : token.colorSuccessBorder}`,
        borderRadius: token.borderRadiusLG,
        padding: `${token.paddingXS}px ${token.paddingSM}px`,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
      }}
    >
      {isError ? (
        <CloseCircleFilled className="login-form-alert-icon" style={{ color: token.colorError }} />
      ) : (
        <CheckCircleFilled className="login-form-alert-icon" style={{ color: token.colorSuccess }} />
      )}
      <span>{message}</span>
    </div>
  );
}
