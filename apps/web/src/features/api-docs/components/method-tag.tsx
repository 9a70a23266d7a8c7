import { Tag } from 'antd';

const METHOD_COLORS: Record<string, string> = {
  get: 'blue',
  post: 'green',
  put: 'orange',
  patch: 'gold',
  delete: 'red',
};

/** The HTTP method as a coloured tag (the word itself carries the meaning; colour only helps). */
export function MethodTag({ method }: { method: string }) {
  return (
    <Tag color={METHOD_COLORS[method] ?? 'default'} className="api-method">
      {method.toUpperCase()}
    </Tag>
  );
}
