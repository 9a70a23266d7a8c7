import { Button, Dropdown, Flex } from 'antd';
import type { MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { OrderStatus } from '@portal/contracts/order';
import { Permission } from '@portal/contracts/permissions';
import { useAccess } from '../../../lib/access/use-access';
import { orderActionsOf } from '../lib/order-list-status';

/** What an order's actions do; the list page and the detail drawer pass the same handlers. */
export interface OrderActionHandlers {
  onDetail?: (order: ActionOrder) => void;
  onEdit: (order: ActionOrder) => void;
  onCopy: (order: ActionOrder) => void;
  onCancel: (order: ActionOrder) => void;
  onPrint: (order: ActionOrder) => void;
  onTrack: (order: ActionOrder) => void;
}

export interface ActionOrder {
  id: string;
  status: OrderStatus;
  customerOrderNo: string;
  waybillNo: string | null;
}

interface OrderRowActionsProps extends OrderActionHandlers {
  order: ActionOrder;
  /** In the drawer every action is a button; in a table row the rarer ones fold into "More". */
  layout?: 'row' | 'buttons';
  isPrinting?: boolean;
}

type ActionKey = 'edit' | 'copy' | 'cancel' | 'print' | 'track';

/**
 * An order's actions, only those its status and the user's permissions allow: edit (draft), copy into a
 * new order, cancel (draft or submitted), print label (has a waybill number), tracking.
 */
export function OrderRowActions(props: OrderRowActionsProps) {
  const { order, layout = 'row', isPrinting = false } = props;
  const { t } = useTranslation();
  const { can } = useAccess();
  const allowed = orderActionsOf(order);
  const canCreate = can(Permission.OrderCreate);

  const actions: { key: ActionKey; label: string; danger?: boolean; run: () => void }[] = [];
  if (allowed.canEdit && canCreate)
    actions.push({ key: 'edit', label: t('orderList.action.edit'), run: () => props.onEdit(order) });
  if (allowed.canPrintLabel)
    actions.push({ key: 'print', label: t('orderList.action.print'), run: () => props.onPrint(order) });
  if (allowed.canTrack)
    actions.push({ key: 'track', label: t('orderList.action.track'), run: () => props.onTrack(order) });
  if (canCreate)
    actions.push({ key: 'copy', label: t('orderList.action.copy'), run: () => props.onCopy(order) });
  if (allowed.canCancel && canCreate)
    actions.push({
      key: 'cancel',
      label: t('orderList.action.cancel'),
      danger: true,
      run: () => props.onCancel(order),
    });

  if (layout === 'buttons') {
    return (
      <Flex gap={8} wrap>
        {actions.map((action) => (
          <Button
            key={action.key}
            danger={action.danger}
            loading={action.key === 'print' && isPrinting}
            onClick={action.run}
            data-testid={`order-action-${action.key}`}
          >
            {action.label}
          </Button>
        ))}
      </Flex>
    );
  }

  // The row keeps detail and the status's most likely action in sight; the rest fold into "More".
  const [first, ...rest] = actions.filter((action) => action.key !== 'cancel' && action.key !== 'copy');
  const folded = [...rest, ...actions.filter((action) => action.key === 'copy' || action.key === 'cancel')];
  const menu: MenuProps = {
    items: folded.map((action) => ({
      key: action.key,
      label: action.label,
      danger: action.danger,
      'data-testid': `order-action-${action.key}`,
    })),
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      folded.find((action) => action.key === key)?.run();
    },
  };
  return (
    <Flex gap={4} wrap={false} align="center">
      {props.onDetail ? (
        <Button
          type="link"
          size="small"
          onClick={() => props.onDetail?.(order)}
          data-testid="order-action-detail"
        >
          {t('orderList.action.detail')}
        </Button>
      ) : null}
      {first ? (
        <Button
          type="link"
          size="small"
          loading={first.key === 'print' && isPrinting}
          onClick={first.run}
          data-testid={`order-action-${first.key}`}
        >
          {first.label}
        </Button>
      ) : null}
      {folded.length > 0 ? (
        <Dropdown menu={menu} trigger={['click']}>
          <Button
            type="link"
            size="small"
            aria-label={t('orderList.action.moreFor', { number: order.customerOrderNo })}
            data-testid="order-action-more"
          >
            {t('orderList.action.more')} <DownOutlined />
          </Button>
        </Dropdown>
      ) : null}
    </Flex>
  );
}
