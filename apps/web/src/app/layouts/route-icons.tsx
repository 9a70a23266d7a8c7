import type { ReactNode } from 'react';
import {
  AccountBookOutlined,
  ApiOutlined,
  BellOutlined,
  ContactsOutlined,
  ExperimentOutlined,
  FileExcelOutlined,
  FolderOpenOutlined,
  FormOutlined,
  HomeOutlined,
  InfoCircleOutlined,
  NodeIndexOutlined,
  ProfileOutlined,
  ReconciliationOutlined,
  SettingOutlined,
  TransactionOutlined,
  UnorderedListOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { RouteIconName } from '../route-table';

/** The menu icon for each name the route table may use. */
export const ROUTE_ICONS: Record<RouteIconName, ReactNode> = {
  home: <HomeOutlined />,
  orders: <ProfileOutlined />,
  orderList: <UnorderedListOutlined />,
  create: <FormOutlined />,
  batchCreate: <FileExcelOutlined />,
  address: <ContactsOutlined />,
  endData: <NodeIndexOutlined />,
  settlement: <AccountBookOutlined />,
  topUp: <WalletOutlined />,
  consumptionFlow: <TransactionOutlined />,
  bills: <ReconciliationOutlined />,
  files: <FolderOpenOutlined />,
  settings: <SettingOutlined />,
  user: <UserOutlined />,
  systemInfo: <InfoCircleOutlined />,
  messages: <BellOutlined />,
  apiDocument: <ApiOutlined />,
  apiTest: <ExperimentOutlined />,
};
