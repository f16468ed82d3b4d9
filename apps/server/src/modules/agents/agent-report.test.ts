import { describe, expect, it } from 'vitest';
import { agentReportCsv } from './agent-report.ts';

describe('agentReportCsv', () => {
  it('writes pesos as plain numbers and keeps a name that looks like a formula as text', () => {
    const csv = agentReportCsv([
      {
        agentId: 7,
        agentName: '=HYPERLINK("http://x","y")',
        role: 'agent',
        parentId: 3,
        period: '2026-11-23',
        turnover: 1_234_550,
        ggr: -1_005,
        commission: 37,
      },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, line] = csv.slice(1).split('\r\n');
    expect(header).toBe('Agent ID,Agent,Role,Upline ID,Period,Turnover (PHP),GGR (PHP),Commission (PHP)');
    expect(line).toBe(`7,"'=HYPERLINK(""http://x"",""y"")",Agent,3,2026-11-23,12345.50,-10.05,0.37`);
  });
});
