import type { ReactNode } from 'react';
import { Flex, Result } from 'antd';

interface ExceptionResultProps {
  status: '403' | '404' | '500' | 'error' | 'warning';
  title: ReactNode;
  description: ReactNode;
  action: ReactNode;
  /** Full screen for public pages; inside the shell it only fills the content area. */
  isFullScreen?: boolean;
}

/** The shared look of the 403, 404, 500 and load-error screens. */
export function ExceptionResult({
  status,
  title,
  description,
  action,
  isFullScreen = true,
}: ExceptionResultProps) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: isFullScreen ? '100vh' : 420, padding: 24 }}>
      <Result status={status} title={title} subTitle={description} extra={action} />
    </Flex>
  );
}
