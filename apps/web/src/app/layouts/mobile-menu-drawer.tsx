import type { ReactNode } from 'react';
import { Drawer } from 'antd';

/** The phone layout's menu drawer: its own chunk, loaded when the menu button is first pressed. */
export default function MobileMenuDrawer({
  open,
  onClose,
  width,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  width: number;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={width}
      title={title}
      styles={{ body: { padding: 0 } }}
      rootClassName="shell-mobile-drawer"
    >
      {children}
    </Drawer>
  );
}
