import { ORGANIZATION_FIELD_MESSAGES } from '@portal/contracts/organization';
import { defineMessages } from '../../lib/messages.ts';

/** Field texts shared with the web forms (from the contracts), then the module's own answers. */
defineMessages(ORGANIZATION_FIELD_MESSAGES);

defineMessages({
  'organization.saved': { 'zh-CN': '已保存', 'en-US': 'Saved', 'zh-TW': '已儲存' },
  'organization.statusChanged': { 'zh-CN': '状态已更新', 'en-US': 'Status updated', 'zh-TW': '狀態已更新' },
  'organization.passwordReset': {
    'zh-CN': '密码已重置，该用户下次登录时须修改密码',
    'en-US': 'Password reset; the user must change it at the next sign-in',
    'zh-TW': '密碼已重設，該使用者下次登入時須修改密碼',
  },
  'organization.roleDeleted': { 'zh-CN': '角色已删除', 'en-US': 'Role deleted', 'zh-TW': '角色已刪除' },
  'organization.parentNotFound': {
    'zh-CN': '上级部门不存在',
    'en-US': 'The parent unit does not exist',
    'zh-TW': '上級部門不存在',
  },
  'organization.unitNotFound': {
    'zh-CN': '部门不存在',
    'en-US': 'The unit does not exist',
    'zh-TW': '部門不存在',
  },
  'organization.unitNameTaken': {
    'zh-CN': '同级已有名为“{name}”的部门',
    'en-US': 'A unit named "{name}" already exists at this level',
    'zh-TW': '同級已有名為「{name}」的部門',
  },
  'organization.unitCycle': {
    'zh-CN': '不能把部门移到它自己或它的下级部门之下',
    'en-US': 'A unit cannot be moved under itself or one of its sub-units',
    'zh-TW': '不能把部門移到它自己或它的下級部門之下',
  },
  'organization.tooDeep': {
    'zh-CN': '部门层级最多 {max} 级',
    'en-US': 'Units can be nested at most {max} levels deep',
    'zh-TW': '部門層級最多 {max} 級',
  },
  'organization.tooManyUnits': {
    'zh-CN': '部门最多 {max} 个',
    'en-US': 'At most {max} units are allowed',
    'zh-TW': '部門最多 {max} 個',
  },
  'organization.parentDisabled': {
    'zh-CN': '上级部门已停用，请先启用上级部门',
    'en-US': 'The parent unit is disabled: enable it first',
    'zh-TW': '上級部門已停用，請先啟用上級部門',
  },
  'organization.ownUnit': {
    'zh-CN': '不能停用您自己所在的部门',
    'en-US': 'You cannot disable the unit you belong to',
    'zh-TW': '不能停用您自己所在的部門',
  },
  'organization.cannotGrant': {
    'zh-CN': '您没有权限“{permission}”，不能授予他人',
    'en-US': 'You do not hold the permission "{permission}", so you cannot grant it',
    'zh-TW': '您沒有權限「{permission}」，不能授予他人',
  },
  'organization.cannotGrantAllData': {
    'zh-CN': '您只能查看本部门数据，不能授予“全部数据”范围',
    'en-US': 'You see only your unit\'s data, so you cannot grant the "all data" scope',
    'zh-TW': '您只能查看本部門資料，不能授予「全部資料」範圍',
  },
  'organization.roleNameTaken': {
    'zh-CN': '已有名为“{name}”的角色',
    'en-US': 'A role named "{name}" already exists',
    'zh-TW': '已有名為「{name}」的角色',
  },
  'organization.tooManyRoles': {
    'zh-CN': '角色最多 {max} 个',
    'en-US': 'At most {max} roles are allowed',
    'zh-TW': '角色最多 {max} 個',
  },
  'organization.roleInUse': {
    'zh-CN': '仍有用户使用该角色，不能删除',
    'en-US': 'Users still hold this role, so it cannot be deleted',
    'zh-TW': '仍有使用者使用該角色，不能刪除',
  },
  'organization.roleNotFound': {
    'zh-CN': '角色不存在',
    'en-US': 'The role does not exist',
    'zh-TW': '角色不存在',
  },
  'organization.mainUserLocked': {
    'zh-CN': '主账号不能在此修改',
    'en-US': 'The main user cannot be changed here',
    'zh-TW': '主帳號不能在此修改',
  },
  'organization.notYourself': {
    'zh-CN': '不能修改您自己的角色、部门、状态或密码',
    'en-US': 'You cannot change your own roles, unit, status or password here',
    'zh-TW': '不能修改您自己的角色、部門、狀態或密碼',
  },
  'organization.userOutsideScope': {
    'zh-CN': '该用户不在您管理的部门内，您不能管理',
    'en-US': 'This user is outside the units you manage, so you cannot manage them',
    'zh-TW': '該使用者不在您管理的部門內，您不能管理',
  },
  'organization.userOutranks': {
    'zh-CN': '该用户的权限或数据范围超出您自己的，您不能管理',
    'en-US': 'This user holds permissions or a data scope beyond yours, so you cannot manage them',
    'zh-TW': '該使用者的權限或資料範圍超出您自己的，您不能管理',
  },
  'organization.unitOutsideScope': {
    'zh-CN': '该部门不在您管理的范围内',
    'en-US': 'This unit is outside the units you manage',
    'zh-TW': '該部門不在您管理的範圍內',
  },
  'organization.placeOutsideScope': {
    'zh-CN': '只能放在您管理的部门内',
    'en-US': 'You can only place it inside the units you manage',
    'zh-TW': '只能放在您管理的部門內',
  },
  'organization.unitHoldsOthers': {
    'zh-CN': '该部门（或其下级部门）中有您无权管理的用户，您不能更改它的状态',
    'en-US': 'This unit (or a sub-unit) has users you may not manage, so you cannot change its status',
    'zh-TW': '該部門（或其下級部門）中有您無權管理的使用者，您不能變更它的狀態',
  },
  'organization.roleBeyondYou': {
    'zh-CN': '该角色的权限或数据范围超出您自己的，您不能修改或删除',
    'en-US': 'This role holds permissions or a data scope beyond yours, so you cannot change or delete it',
    'zh-TW': '該角色的權限或資料範圍超出您自己的，您不能修改或刪除',
  },
  'organization.roleHeldBeyond': {
    'zh-CN': '有您无权管理的用户持有该角色，您不能修改',
    'en-US': 'Users you may not manage hold this role, so you cannot change it',
    'zh-TW': '有您無權管理的使用者持有該角色，您不能修改',
  },
  'organization.loginNameTaken': {
    'zh-CN': '该登录名已被使用',
    'en-US': 'This login name is already taken',
    'zh-TW': '該登入名已被使用',
  },
  'organization.phoneTaken': {
    'zh-CN': '该手机号已被使用',
    'en-US': 'This phone number is already in use',
    'zh-TW': '該手機號已被使用',
  },
});
