// The project part of the sign-in page of a console built without VITE_SUPABASE_URL (hosted
// use): which of the operator's Supabase projects to sign in to, and a form to add one by its URL
// and publishable key. A secret or service-role key is refused with the reason (providers/projects.ts).
// Choosing another project loads the page again, so every client starts on it.
import { Alert, Button, Form, Input, Select, Space } from "antd";
import { useState } from "react";
import { useText } from "../../components/theme/useText";
import {
  checkProject,
  chooseProject,
  currentProject,
  forgetProject,
  PROJECT_PROBLEMS,
  projectUrl,
  rememberedProjects,
  switchProject,
} from "../../providers/projects";

interface NewProject {
  url: string;
  key: string;
}

const reload = () => window.location.assign("/login");

/** Examples in the inputs: no words, the same in every language. */
const URL_EXAMPLE = "https://abcdefghijklmnop.supabase.co";
const KEY_EXAMPLE = "sb_publishable_…";

export function ProjectChooser() {
  const t = useText();
  const projects = rememberedProjects();
  const current = currentProject();
  const [adding, setAdding] = useState(!current);
  const [problem, setProblem] = useState<string>();
  const [checking, setChecking] = useState(false);

  const add = async ({ url, key }: NewProject) => {
    setProblem(undefined);
    const base = projectUrl(url);
    const refused = chooseProject(url, key);
    if (refused) {
      setProblem(t(`projects.${refused}`, PROJECT_PROBLEMS[refused]));
      return;
    }
    setChecking(true);
    const answer = await checkProject({ url: base as string, key: key.trim() });
    setChecking(false);
    if (answer !== "ok") {
      if (base) forgetProject(base);
      if (current) switchProject(current.url);
      setProblem(
        answer === "refused"
          ? t("projects.refused", "The project does not accept this key.")
          : t("projects.unreachable", "Can't reach this project. Check its URL."),
      );
      return;
    }
    reload();
  };

  return (
    <div style={{ marginBottom: 24 }} data-project-chooser>
      {current && (
        <Form layout="vertical" requiredMark={false}>
          <Form.Item label={t("projects.project", "Project")} style={{ marginBottom: 8 }}>
            <Space.Compact style={{ width: "100%" }}>
              <Select
                aria-label={t("projects.project", "Project")}
                value={current.url}
                options={projects.map((p) => ({ value: p.url, label: p.url.replace(/^https?:\/\//, "") }))}
                onChange={(url: string) => {
                  switchProject(url);
                  reload();
                }}
              />
              <Button
                onClick={() => {
                  forgetProject(current.url);
                  reload();
                }}
              >
                {t("projects.forget", "Forget")}
              </Button>
            </Space.Compact>
          </Form.Item>
          {!adding && (
            <Button type="link" style={{ padding: 0 }} onClick={() => setAdding(true)}>
              {t("projects.addAnother", "Add another project")}
            </Button>
          )}
        </Form>
      )}
      {adding && (
        <Form<NewProject> layout="vertical" onFinish={add} requiredMark={false}>
          <Form.Item
            name="url"
            label={t("projects.url", "Project URL")}
            rules={[{ required: true, message: t("projects.badUrl", PROJECT_PROBLEMS.badUrl) }]}
          >
            <Input placeholder={URL_EXAMPLE} autoComplete="url" />
          </Form.Item>
          <Form.Item
            name="key"
            label={t("projects.key", "Publishable key")}
            extra={t("projects.keyHelp", "From the project's API settings. Never a secret or service-role key.")}
            rules={[{ required: true, message: t("projects.notAKey", PROJECT_PROBLEMS.notAKey) }]}
          >
            <Input placeholder={KEY_EXAMPLE} autoComplete="off" spellCheck={false} />
          </Form.Item>
          {problem && <Alert type="error" showIcon role="alert" message={problem} style={{ marginBottom: 16 }} />}
          <Button htmlType="submit" block loading={checking}>
            {t("projects.use", "Use this project")}
          </Button>
        </Form>
      )}
    </div>
  );
}
