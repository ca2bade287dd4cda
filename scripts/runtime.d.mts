export const projectNode: string;
export const projectNodeVersion: string;
export const onProjectNode: boolean;
