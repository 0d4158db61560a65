import './divider.css';

export function Divider({ children = 'or' }: { children?: string }) {
  return (
    <div className="divider" role="separator">
      <span>{children}</span>
    </div>
  );
}
