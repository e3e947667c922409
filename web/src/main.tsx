import { render } from "preact";
import { App } from "./app";
import { applyContrast, setting } from "./settings";
import "./style.css";

applyContrast(setting("contrast"));
const root = document.getElementById("app");
if (root) render(<App />, root);
