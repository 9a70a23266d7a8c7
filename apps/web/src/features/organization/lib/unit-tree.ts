import type { OrgUnitNode } from '@portal/contracts/organization';

/** Every unit of the tree, flattened (depth first, in the server's order). */
export function flattenUnits(nodes: readonly OrgUnitNode[]): OrgUnitNode[] {
  return nodes.flatMap((node) => [node, ...flattenUnits(node.children)]);
}

/** The ids of a unit and everything under it: where the unit cannot be moved to. */
export function subtreeIdsOf(node: OrgUnitNode): Set<string> {
  return new Set(flattenUnits([node]).map((unit) => unit.id));
}

export interface UnitOption {
  value: string;
  title: string;
  disabled?: boolean;
  children: UnitOption[];
}

/** The tree as a TreeSelect's options; units in `excluded` (a moved unit's own subtree) cannot be picked. */
export function unitOptions(
  nodes: readonly OrgUnitNode[],
  excluded: ReadonlySet<string> = new Set(),
): UnitOption[] {
  return nodes.map((node) => ({
    value: node.id,
    title: node.name,
    disabled: excluded.has(node.id),
    children: unitOptions(node.children, excluded),
  }));
}

/** The unit with this id anywhere in the tree, or null (the "all users" entry, or a unit since removed). */
export function findUnit(nodes: readonly OrgUnitNode[] | undefined, id: string): OrgUnitNode | null {
  for (const node of nodes ?? []) {
    if (node.id === id) return node;
    const found = findUnit(node.children, id);
    if (found) return found;
  }
  return null;
}
