export const THEME_STORAGE_KEY = "duka-theme";

/** Runs before first paint so a light-theme shopper never sees a dark flash (dark is the default). */
export const themeScript = `try{if(localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})==="light")document.documentElement.classList.remove("dark")}catch(e){}`;
