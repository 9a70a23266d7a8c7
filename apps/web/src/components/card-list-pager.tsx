import { Flex, Pagination } from 'antd';
import type { TablePaginationConfig } from 'antd';

/** The pager under a list shown as cards (phones): small and centred, left out while the list is empty. */
export function CardListPager({ pagination }: { pagination: TablePaginationConfig }) {
  if (!pagination.total) return null;
  return (
    <Flex justify="center">
      <Pagination {...pagination} size="small" />
    </Flex>
  );
}
