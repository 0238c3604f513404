import {
  BarChart3, Bell, BookOpen, Briefcase, Calendar, CheckSquare, Circle, Clock, File, Folder, GanttChart,
  GraduationCap, Home, KeyRound, List, Lock, Menu, MessageSquare, NotebookText, Settings, ScrollText,
  Table, Users, User, Wallet, Wrench, Zap, Upload, Network, ListTodo,
} from 'lucide-react';
import type { ComponentType } from 'react';

/** The right tree's icon names, drawn with lucide icons. */
const ICONS: Record<string, ComponentType<{ size?: number | string }>> = {
  calendar: Calendar, folder: Folder, list: List, file: File, check: CheckSquare, fast: Zap,
  school: GraduationCap, chart: BarChart3, book: BookOpen, clock: Clock, home: Home, table: Table,
  task: ListTodo, briefcase: Briefcase, money: Wallet, user: User, tree: Network, team: Users,
  bell: Bell, setting: Settings, dictionary: NotebookText, log: ScrollText, key: KeyRound,
  lock: Lock, menu: Menu, tool: Wrench, gantt: GanttChart, upload: Upload, message: MessageSquare,
};

export function MenuIcon({ name, size = 16 }: { name: string | null | undefined; size?: number }) {
  const Icon = (name && ICONS[name]) || Circle;
  return <Icon size={size} />;
}
